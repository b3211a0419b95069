class decl::server (Integer $port = 80) { }
