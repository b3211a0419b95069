# A query compares with == and !=, not with an ordering.
User <| uid < 1000 |>
