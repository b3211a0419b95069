# Puppet checks the text of an epp heredoc as a template.
$template = @(END:epp)
  <%- | $x | -%>
  <% if $x { %>yes<% } } %>
  | END
notice($template)
