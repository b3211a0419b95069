class cycle::c inherits cycle::a { }
