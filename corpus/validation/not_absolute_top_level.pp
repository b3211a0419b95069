class validation::outer {
  function validation::inner() { 1 }
}
