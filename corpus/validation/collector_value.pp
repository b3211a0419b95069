# A collector realizes resources but has no value, even in parentheses.
$admins = (User <| groups == 'admin' |>)
notice($admins)
