class Validation::Upper { }
