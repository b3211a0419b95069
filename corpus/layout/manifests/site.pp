include role::web
