# A function whose value does not have the type it declares.
function port() >> Integer { '80' }
notify { 'port': message => port() }
