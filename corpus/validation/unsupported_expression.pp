type Validation::Thing { }
