class other inherits cycle::b { }
