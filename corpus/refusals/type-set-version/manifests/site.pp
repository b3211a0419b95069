type TS = TypeSet { pcore_version => '2.0.0' }

notify { 'set': message => "${TS}" }
