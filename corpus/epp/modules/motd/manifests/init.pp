class motd (
  Array[String] $admins = ['alice', 'bob'],
  String $message = 'Authorized use only',
) {
  $local_note = 'seen by inline_epp only'

  file { '/etc/motd':
    content => epp('motd/motd.epp', {
      'admins'  => $admins,
      'message' => $message,
    }),
  }

  # No parameters declared: the arguments become the template's variables.
  file { '/etc/issue':
    content => epp('motd/issue', { 'greeting' => 'Welcome' }),
  }

  # inline_epp sees the calling scope.
  file { '/etc/motd.d/note':
    content => inline_epp("<%= \$local_note %> on <%= \$facts['hostname'] %>\n"),
  }

  $summary = inline_epp(@(END), { 'count' => $admins.length })
    <%- | Integer $count, String $unit = 'admins' | -%>
    <%= $count %> <%= $unit %><% if $count > 1 { %>, several<% } %>
    | END
  notify { 'summary':
    message => inline_epp('<%= $s %>', { 's' => $summary }),
  }
  notify { 'counted':
    message => inline_epp('<%- | $n | -%><%= $n * 2 %>', { 'n' => 21 }),
  }
}
