Puppet::Functions.create_function(:greet) do
  def greet
    'hello'
  end
end
