function m::any() { 1 }
