$validation::port = 80
