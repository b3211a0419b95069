class cycle::a inherits cycle::b { }
