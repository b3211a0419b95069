function m::num() >> Integer { 1 }
