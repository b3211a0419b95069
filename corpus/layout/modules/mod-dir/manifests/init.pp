class mymod {
  class nested { }
}
class mymod::misplaced { }
define notmymod::thing { }
