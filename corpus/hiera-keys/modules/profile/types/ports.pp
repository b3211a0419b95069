type Profile::Ports = Array[Profile::Port]
