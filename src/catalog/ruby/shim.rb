# pfacts' Ruby shim, for `pfacts catalog --ruby`: runs the Ruby functions
# of modules (Puppet's 4.x `Puppet::Functions.create_function` and 3.x
# `Puppet::Parser::Functions.newfunction` APIs) and ERB templates, in one
# process for the whole compilation. It is not Puppet: it gives that Ruby
# the small part of Puppet's API such code calls, and asks pfacts (which
# owns the compilation) for variables, functions and blocks.
#
# Protocol: one JSON document per line. pfacts sends requests (`op`); while
# it answers one, the shim may send callbacks (`callback`), each answered
# by pfacts with `ok` or `error`, and pfacts may send a nested request.
# Values: JSON's, with `{"__hash": [[k, v], ...]}` for hashes (any keys,
# in order), `__default`, `__regexp`, `__sensitive`, `__type` (a type or
# resource reference, by its text) and `__deferred`.
require 'json'
require 'erb'
# What Puppet has loaded when modules' Ruby runs, which that Ruby takes
# for granted.
%w[yaml set digest base64 time date shellwords ipaddr uri securerandom pathname openssl].each { |library| require library }

PFACTS_IN = $stdin.dup
PFACTS_OUT = $stdout.dup
PFACTS_OUT.sync = true
# What the module's code prints must not reach the protocol.
$stdin.reopen(File::NULL)
$stdout.reopen($stderr)

module Pfacts
  # A failure the compilation must report as Puppet would.
  class PuppetFailure < StandardError; end

  # A value pfacts did not compute: what needs it is not computed either.
  class Unevaluated < Exception; end # rubocop:disable Lint/InheritException

  # A Puppet type or resource reference, known by its text.
  class PuppetType
    attr_reader :text

    def initialize(text)
      @text = text
    end

    def to_s
      @text
    end
    alias inspect to_s

    def ==(other)
      other.is_a?(PuppetType) && other.text == @text
    end
  end

  # A function call left for the agent.
  class Deferred
    attr_reader :name, :arguments

    def initialize(name, arguments)
      @name = name
      @arguments = arguments
    end
  end

  def self.decode(json)
    case json
    when Array then json.map { |item| decode(item) }
    when Hash
      if json.key?('__hash')
        json['__hash'].each_with_object({}) { |(key, value), hash| hash[decode(key)] = decode(value) }
      elsif json.key?('__default') then :default
      elsif json.key?('__regexp') then Regexp.new(json['__regexp'])
      elsif json.key?('__sensitive') then Puppet::Pops::Types::PSensitiveType::Sensitive.new(decode(json['__sensitive']))
      elsif json.key?('__type') then PuppetType.new(json['__type'])
      elsif json.key?('__deferred')
        Deferred.new(json['__deferred']['name'], decode(json['__deferred']['arguments']))
      else json
      end
    else json
    end
  end

  def self.encode(value)
    case value
    when nil, true, false, String then value
    when Integer then value.bit_length < 64 ? value : value.to_s
    when Float then value.finite? ? value : value.to_s
    when Symbol
      return { '__default' => true } if value == :default
      value == :undef ? nil : value.to_s
    when Array then value.map { |item| encode(item) }
    when Hash then { '__hash' => value.map { |key, item| [encode(key), encode(item)] } }
    when Regexp then { '__regexp' => value.source }
    when PuppetType then { '__type' => value.text }
    when Deferred then { '__deferred' => { 'name' => value.name, 'arguments' => encode(value.arguments) } }
    when Puppet::Pops::Types::PSensitiveType::Sensitive then { '__sensitive' => encode(value.unwrap) }
    else value.to_s
    end
  end

  def self.write(message)
    PFACTS_OUT.puts(JSON.generate(message))
  end

  # Asks pfacts; serves the requests it makes meanwhile.
  def self.callback(kind, fields)
    write(fields.merge('callback' => kind))
    loop do
      message = JSON.parse(PFACTS_IN.gets || exit(0))
      if message.key?('op')
        serve(message)
        next
      end
      raise PuppetFailure, message['error'] if message.key?('error')
      raise Unevaluated, message['unevaluated'] if message.key?('unevaluated')

      return decode(message['ok'])
    end
  end

  # The arguments spread as Puppet's `func.call(scope, *args)` spreads
  # them: a value that is no array is one argument, nil none.
  def self.call_function(name, args, &block)
    callback('call_function', 'name' => name.to_s, 'args' => encode([*args]), 'block' => !block.nil?)
  end

  def self.lookupvar(name)
    callback('lookupvar', 'name' => name.to_s)
  end

  def self.log(level, message)
    callback('log', 'level' => level.to_s, 'message' => message.to_s)
    nil
  end

  @functions = {}
  class << self
    attr_reader :functions
  end

  # What a function's file defines, read once.
  def self.load_function(name, file)
    unless @functions.key?(name)
      Kernel.load(file)
      raise PuppetFailure, "#{file} does not define the function '#{name}'" unless @functions.key?(name)
    end
    @functions[name]
  end

  def self.serve(request)
    result = case request['op']
             when 'load_function' then load_function(request['name'], request['file']).description
             when 'call' then encode(call(request))
             when 'template' then render(request)
             else raise PuppetFailure, "unknown request #{request['op']}"
             end
    write('ok' => result)
  rescue Unevaluated => e
    write('error' => e.message, 'kind' => 'unevaluated')
  rescue PuppetFailure, Puppet::Error, ArgumentError => e
    write('error' => e.message, 'kind' => 'puppet')
  rescue StandardError, ScriptError => e
    place = e.backtrace&.find { |line| !line.start_with?(__FILE__) && !line.start_with?('-e:') }
    write('error' => "#{e.class}: #{e.message}#{place ? " (#{place})" : ''}", 'kind' => 'ruby')
  end

  # A template, in the scope pfacts names.
  def self.render(request)
    outer = @scope
    @scope = request['scope']
    Template.new(request['vars']).render(request['text'], request['file'])
  ensure
    @scope = outer
  end

  def self.call(request)
    function = @functions.fetch(request['name'])
    args = decode(request['args'])
    block = request['block'] ? proc { |*values| callback('yield', 'args' => encode(values)) } : nil
    function.invoke(request['method'], args, block)
  end

  # What Ruby set with `scope.setvar`, by pfacts' scope and name: the
  # objects themselves, which Ruby may change in place and read back
  # (apache's templates pass a hash to the templates they render so).
  @set_variables = {}
  @scope = nil
  class << self
    attr_accessor :scope
    attr_reader :set_variables
  end

  # The scope a 3.x function runs in, and a template's `scope`.
  class Scope
    def lookupvar(name, _options = {})
      value = Pfacts.set_variables.fetch([Pfacts.scope, name.to_s]) { Pfacts.lookupvar(name.to_s) }
      value.nil? ? :undefined : value
    end

    def [](name, _options = {})
      Pfacts.set_variables.fetch([Pfacts.scope, name.to_s]) { Pfacts.lookupvar(name.to_s) }
    end

    def exist?(name)
      !Pfacts.lookupvar(name.to_s).nil?
    end
    alias include? exist?

    def call_function(name, args = [], &block)
      Pfacts.call_function(name, args, &block)
    end

    def setvar(name, value, _options = {})
      Pfacts.callback('setvar', 'name' => name.to_s, 'value' => Pfacts.encode(value))
      Pfacts.set_variables[[Pfacts.scope, name.to_s]] = value
    end

    def function_exists?(_name)
      true
    end

    def to_hash
      {}
    end

    def respond_to_missing?(name, include_private = false)
      name.to_s.start_with?('function_') || super
    end

    def method_missing(name, *args, &block)
      return Pfacts.call_function(name.to_s.sub(/\Afunction_/, ''), args.first || [], &block) if name.to_s.start_with?('function_')

      super
    end
  end

  # A 3.x function: its block, a method of the scope as Puppet makes it
  # (`return` leaves it).
  class Function3
    def initialize(name, options, body)
      @name = name
      @options = options
      @method = :"pfacts_function_#{name.gsub(/\W/, '_')}"
      Scope.send(:define_method, @method, &body)
    end

    def description
      { 'api' => 3, 'arity' => @options[:arity] || -1, 'rvalue' => @options[:type] == :rvalue }
    end

    def invoke(_method, args, _block)
      result = Scope.new.send(@method, args)
      @options[:type] == :rvalue ? result : nil
    end
  end

  # A 4.x function's dispatch, as its `dispatch` block declares it.
  class Dispatch
    attr_reader :description

    def initialize(method, mismatch)
      @description = { 'method' => method.to_s, 'params' => [], 'block' => nil, 'scope' => false, 'mismatch' => mismatch }
    end

    def param(type, name)
      add(type, name, 'required')
    end
    alias required_param param

    def optional_param(type, name)
      add(type, name, 'optional')
    end

    def repeated_param(type, name)
      add(type, name, 'repeated')
    end
    alias optional_repeated_param repeated_param

    def required_repeated_param(type, name)
      add(type, name, 'required_repeated')
    end

    def block_param(type = 'Callable', name = :block)
      type, name = 'Callable', type if type.is_a?(Symbol)
      @description['block'] = { 'type' => type.to_s, 'name' => name.to_s, 'optional' => false }
    end
    alias required_block_param block_param

    def optional_block_param(type = 'Callable', name = :block)
      block_param(type, name)
      @description['block']['optional'] = true
    end

    def scope_param
      @description['scope'] = true
    end

    def return_type(_type); end

    private

    def add(type, name, arity)
      @description['params'] << { 'type' => type.to_s, 'name' => name.to_s, 'arity' => arity }
    end
  end

  # The `local_types` block: `type 'Name = Type'`.
  class LocalTypes
    attr_reader :declarations

    def initialize
      @declarations = []
    end

    def type(declaration)
      @declarations << declaration
    end
  end

  # The base of 4.x functions.
  class Function4
    class << self
      attr_accessor :function_name

      def dispatchers
        @dispatchers ||= []
      end

      def local_type_declarations
        @local_type_declarations ||= []
      end

      def dispatch(method, &block)
        dispatch = Dispatch.new(method, false)
        dispatch.instance_eval(&block) if block
        dispatchers << dispatch.description
      end

      def argument_mismatch(method, &block)
        dispatch = Dispatch.new(method, true)
        dispatch.instance_eval(&block) if block
        dispatchers << dispatch.description
      end

      def local_types(&block)
        types = LocalTypes.new
        types.instance_eval(&block)
        local_type_declarations.concat(types.declarations)
      end

      # Without `dispatch`, Puppet takes the method named as the function,
      # its parameters of any type.
      def description
        found = dispatchers
        if found.empty?
          method = function_name.split('::').last
          parameters = instance_method(method).parameters
          params = parameters.filter_map do |kind, name|
            arity = { req: 'required', opt: 'optional', rest: 'repeated' }[kind]
            arity && { 'type' => 'Any', 'name' => name.to_s, 'arity' => arity }
          end
          block = parameters.any? { |kind, _| kind == :block } ? { 'type' => 'Callable', 'name' => 'block', 'optional' => true } : nil
          found = [{ 'method' => method, 'params' => params, 'block' => block, 'scope' => false, 'mismatch' => false }]
        end
        { 'api' => 4, 'dispatches' => found, 'local_types' => local_type_declarations }
      end

      def invoke(method, args, block)
        instance = new
        dispatch = dispatchers.find { |d| d['method'] == method }
        args = [Scope.new] + args if dispatch && dispatch['scope']
        instance.send(method, *args, &block)
      end
    end

    def call_function(name, *args, &block)
      Pfacts.call_function(name, args, &block)
    end

    def closure_scope
      Scope.new
    end

    def loader
      nil
    end
  end

  # An ERB template, with the calling scope's variables as instance
  # variables, as Puppet's `TemplateWrapper` gives them.
  class Template
    def initialize(variables)
      variables.each do |name, value|
        instance_variable_set("@#{name.gsub(/[^\w]/, '_')}", Pfacts.decode(value))
      end
    end

    def scope
      @__scope__ ||= Scope.new
    end

    def has_variable?(name)
      !Pfacts.lookupvar(name.to_s).nil?
    end

    def file
      @__file__
    end

    def render(text, file)
      @__file__ = file
      erb = ERB.new(text, trim_mode: '-')
      erb.filename = file
      erb.result(binding)
    end
  end
end

# The part of Puppet's API that modules' Ruby calls.
module Puppet
  class Error < RuntimeError; end
  class ParseError < Error; end
  class DevError < Error; end

  %i[debug info notice warning err alert emerg crit].each do |level|
    define_singleton_method(level) { |message| Pfacts.log(level, message) }
  end

  def self.deprecation_warning(message, _key = nil)
    Pfacts.log(:warning, message)
  end

  def self.warn_once(_kind, _key, message, *_rest)
    Pfacts.log(:warning, message)
  end

  def self.[](_setting)
    nil
  end

  module Functions
    class Function < Pfacts::Function4; end
    class InternalFunction < Pfacts::Function4; end

    def self.create_function(name, base = Function, &block)
      base = Function unless base.is_a?(Class) && base <= Pfacts::Function4
      function = Class.new(base)
      function.function_name = name.to_s
      function.class_eval(&block)
      Pfacts.functions[name.to_s] = function
      function
    end
  end

  module Parser
    module Functions
      def self.newfunction(name, options = {}, &block)
        Pfacts.functions[name.to_s] = Pfacts::Function3.new(name.to_s, options, block)
      end

      def self.function(name)
        "function_#{name}"
      end

      def self.autoloader
        self
      end

      def self.loaded?(_name)
        true
      end
    end
  end

  module Pops
    module Types
      class PSensitiveType
        # A value kept out of logs.
        class Sensitive
          def initialize(value)
            @value = value
          end

          def unwrap
            @value
          end

          def to_s
            'Sensitive [value redacted]'
          end
        end
      end
    end
  end

  module Util
    def self.absolute_path?(path, _platform = nil)
      path.to_s.start_with?('/') || path.to_s.match?(%r{\A[a-zA-Z]:[\\/]})
    end
  end
end

# The modules' `lib` directories, given as arguments.
PFACTS_LIBS = ARGV.dup
$LOAD_PATH.unshift(*PFACTS_LIBS)

# Puppet's own files are not loaded, even where Puppet is installed: what
# modules require of them is the shim above. A module's own `puppet/...`
# files are.
module Kernel
  alias pfacts_require require

  def require(name)
    name = name.to_s
    if name == 'puppet' || name.start_with?('puppet/')
      found = PFACTS_LIBS.map { |lib| File.join(lib, "#{name.delete_suffix('.rb')}.rb") }.find { |path| File.file?(path) }
      return found ? pfacts_require(found) : false
    end
    pfacts_require(name)
  end
end

loop do
  line = PFACTS_IN.gets or break
  Pfacts.serve(JSON.parse(line))
end
