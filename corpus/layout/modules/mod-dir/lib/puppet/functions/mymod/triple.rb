Puppet::Functions.create_function(:'mymod::triple') do
end
