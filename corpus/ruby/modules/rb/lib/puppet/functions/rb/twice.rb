# A 4.x function that calls the block it is given.
Puppet::Functions.create_function(:'rb::twice') do
  dispatch :twice do
    param 'Integer', :value
    block_param 'Callable[1, 1]', :block
  end

  def twice(value)
    yield(yield(value))
  end
end
