# A port: what the aliased class's data must be.
type Profile::Port = Integer[1, 65535]
