class legacy::function {
  notify { 'function':
    message => "memory ${fact('memorysize_mb')} MiB, family ${fact('os.family')}",
  }
}
