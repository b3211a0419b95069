# A Deferred value given to a class or define parameter is judged by the
# return type of the function it names (Puppet 7 warns where the function
# declares none, and fails where it finds no function).
class a(Integer $p) { }
class b(String $p) { }
class c(Float $p) { }
class e(Float $p) { }
define d(String $p) { }
class { 'a': p => Deferred('m::num', []) }
class { 'c': p => Deferred('m::any', []) }
class { 'e': p => Deferred('sprintf', ['%s', 1]) }
d { 'x': p => Deferred('m::any', []) }
class { 'b': p => Deferred('m::num', []) }
