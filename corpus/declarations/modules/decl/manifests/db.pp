class decl::db (String $password) { }
