$1 = 'one'
