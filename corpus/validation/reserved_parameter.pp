define validation::site ($title) { }
