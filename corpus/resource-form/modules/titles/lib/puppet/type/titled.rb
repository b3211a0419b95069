# A type whose resources are named by two parameters, as augeasproviders'
# shellvar is: `VARIABLE in TARGET`, or a variable alone.
Puppet::Type.newtype(:titled) do
  newparam(:name) do
    isnamevar
  end

  newparam(:variable) do
    isnamevar
  end

  newparam(:target) do
    isnamevar
  end

  newproperty(:value)

  def self.title_patterns
    identity = lambda { |x| x }
    [
      [
        %r{^((\S+)\s+in\s+(\S+))$},
        [
          [:name, identity],
          [:variable],
          [:target],
        ],
      ],
      [
        %r{(.*)},
        [
          [:name],
          [:variable],
        ],
      ],
    ]
  end
end
