#!/usr/bin/env ruby
# Renders, with Ruby's own ERB in Puppet's trim mode (`-`), the templates
# of the unit tests of src/catalog/erb/, with the same instance variables
# and a `scope` whose setvar and lookupvar keep values as Puppet's scope
# does, and prints each result: the expectations there are these.
#
#   ruby scripts/erb-with-ruby.rb
require 'erb'
require 'yaml'
class Scope
  def initialize; @variables = {}; end
  def setvar(name, value); @variables[name] = value; end
  def lookupvar(name); @variables[name]; end
end
class Ctx
  def initialize
    @servers = ['a', 'b']; @settings = {'z' => 1, 'a' => nil}; @port = 80; @empty = ''
  end
  def scope; @scope ||= Scope.new; end
  def r(t); ERB.new(t, trim_mode: '-').result(binding); end
end
c = Ctx.new
[
 %q(a
  <%- if true -%>
b
<% end -%>
c
),
 %q(x <%- if true -%>y<% end %>
),
 %q(<%# comment -%>
<%% literal %>
),
 %q(<% @servers.each do |s| -%>
server <%= s %>
<% end -%>
),
 %q(<%= @settings.keys.sort.map { |k| "#{k}=#{@settings[k]}" }.join(',') %>),
 %q(<% @settings.sort.each do |k, v| %><%= k %>:<%= v.inspect %> <% end %>),
 %q(<%= @servers %>|<%= @settings %>|<%= @nothing %>|<%= [1.0, 'q"'] %>),
 %q(<%= 7 / 2 %> <%= -7 / 2 %> <%= -7 % 3 %> <%= 2.5 * 2 %> <%= 'ab' * 2 %>),
 %q(<% if @empty %>yes<% end %>),
 %q(<% if defined?(@nothing) %>yes<% else %>no<% end %>),
 %q(<%= @port > 79 ? 'high' : 'low' %>),
 %q(<%= Array(@nothing).empty? && !@servers.empty? %>),
 %q(<%- def line(key, value = 'none')
    return "#{key}: -" unless value
    "#{key}: #{value}"
  end -%>
<%= line('a', 1) %> <%= line('b', nil) %> <%= line('c') %>),
 %q(<%- def first_server
    @servers.each { |s| return s.upcase }
    'none'
  end -%><%= first_server %>),
 %q(<%= [*@servers, *@nothing, *@port].join(',') %>),
 %q(<% config = {} %><% config['a'] = {} %><% config['a']['b'] = [1] %><% config['a']['b'][0] = 2 %><%= config %>),
 %q(<%- k, v = 'a=b'.split('=') -%><%= v %><%= k %> <%= @servers.include? 'a' %> <%= 'x y'.include? " " %>),
 %q(<%- raise Puppet::Error, 'no port' unless @port -%>ok),
 %q(<%- s = ''; l = []; h = {'a' => 1}; @servers.each { |x| s << x; l.push(x) }; h.merge!('b' => 2) -%><%= s %> <%= l %> <%= h %>),
 %q(<%= { 'list' => @servers, 'port' => @port, 'on' => true, 'none' => nil, 'text' => "a: b" }.to_yaml %>),
 %q(<% if /^(.*)match$/ =~ 'locationmatch' -%><%= $1.capitalize %><% end -%> <% env ||= "x" if @nothing -%><% env ||= 'y' -%><%= env %> <%= Regexp.escape('a.b *c/d') %>),
 %q(<%= 'Yes' =~ /true|yes/i ? 'on' : 'off' %> <%= /a.b/mi.inspect %> <%= /x/i.to_s %> <%= '/etc'.chars.first %>),
 %q(<%- scope.setvar('_t', {}) -%><%- scope.lookupvar('_t')[:item] = 'x' -%><%= scope.lookupvar('_t')[:item] %>),
 %q(<% if 'location'.match('(directory|location)') -%>yes <%= 'abc'.match('b') %><% end -%><%= 'x'.match('y').inspect %>),
 %q(<%- def sorted(hash, deep = true, &block)
    hash.keys.sort(&block).reduce({}) do |memo, key|
      memo[key] = hash[key]
      memo
    end
  end
  def number(text)
    Integer(text) rescue Float(text) rescue text
  end -%><%= sorted({'b' => 1, 'a' => 2}) %> <%= [number('3'), number('2.5'), number('x')].inspect %>),
 %q(<%= position = 0; [[1, 2]].map do |pair| pair.map { |x| position = position + x; { "k#{x}" => position } } end.flatten.reduce({}, :update) %> <%= 'to web'[/\Ato (.*)/, 1] %>),
].each { |t| p c.r(t) }
p 1e20.to_s, 1.23456789012345e-7.to_s
