class vis::base {
}
