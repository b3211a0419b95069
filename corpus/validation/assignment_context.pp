class validation::defaults ($port = ($base = 80)) { }
