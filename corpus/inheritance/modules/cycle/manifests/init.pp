class cycle inherits cycle::missing { }
class cycle::self inherits cycle::self { }
