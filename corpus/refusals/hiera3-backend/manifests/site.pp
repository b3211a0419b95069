# A Hiera 3 backend in the environment's layer.
notify { 'n': message => lookup('greeting') }
