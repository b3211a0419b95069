class validation::numeric ($1) { }
