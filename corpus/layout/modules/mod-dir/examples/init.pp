include mymod
notice(dig($facts, 'os', 'family'), getvar('facts.datacenter'))
