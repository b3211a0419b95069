class cycle::b inherits cycle::c { }
