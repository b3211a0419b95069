# The autoloader reads this file for `decl::misplaced`, and finds another
# class.
class decl::elsewhere { }
