class validation::params ($Port) { }
