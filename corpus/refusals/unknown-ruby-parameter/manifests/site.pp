# A parameter that a module's Ruby type does not declare.
greeting { 'hello': text => 'hi', loglevel => 'info' }
greeting { 'typo': txet => 'hi' }
