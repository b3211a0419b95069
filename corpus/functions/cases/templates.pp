# modulepath: corpus/forge-modules/modules
# Templates: inline_epp, inline_template, epp, template.

inline_epp('x=<%= 1 + 2 %>')

inline_epp('<%- | $a, $b = 2 | -%><%= $a %>-<%= $b %>', {'a' => 1})

inline_epp('<%- | Integer $a | -%><%= $a %>', {'a' => 'x'})

inline_epp('<%- | $a | -%><%= $a %>')

inline_epp('<% [1, 2].each |$i| { %>[<%= $i %>]<% } %>')

inline_epp('<%= $facts["networking"]["fqdn"] %>')

inline_epp()

inline_epp(1)

inline_template('<%= 1 + 2 %>')

inline_template('<%= @no_such_var.inspect %>')

inline_template('a', 'b')

inline_template()

epp('no_such_module/x.epp')

template('no_such_module/x.erb')

epp('apt/proxy.epp', {'proxies' => {}}) =~ String
