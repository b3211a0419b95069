function present::double(Integer $x) >> Integer { $x * 2 }
