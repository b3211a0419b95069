# Every segment of a qualified name is lower case.
notice($a::Bc)
