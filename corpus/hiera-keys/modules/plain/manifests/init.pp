class plain {
}
