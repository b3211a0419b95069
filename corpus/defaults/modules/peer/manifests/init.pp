# Declares `shared` too, with a default of its own: which of `app` and
# `peer` comes first decides `shared`'s parent, and nothing in the code
# says which (the node does).
class peer {
  File { mode => '0700' }
  include shared
}
