Puppet::Functions.create_function(:'ruby3::kind') do
  def kind(value)
    case value
    when Fixnum then 'integer'
    else URI.escape(value.to_s) + URI.encode_www_form('a' => 1)
    end
  end
end
