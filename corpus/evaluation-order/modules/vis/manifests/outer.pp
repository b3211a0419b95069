class vis::outer {
  include vis::inner
}
