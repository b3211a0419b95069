# A 4.x function with two dispatches, calling a Puppet function back.
Puppet::Functions.create_function(:'rb::greet') do
  dispatch :by_name do
    param 'String', :name
  end

  dispatch :by_count do
    param 'Integer[1]', :count
  end

  def by_name(name)
    "hello #{call_function('upcase', name)}"
  end

  def by_count(count)
    (['hello'] * count).join(' ')
  end
end
