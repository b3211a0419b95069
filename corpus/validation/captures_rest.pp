class validation::rest (*$rest) { }
