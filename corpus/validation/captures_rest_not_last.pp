[1, 2].each |*$rest, $last| { notice($last) }
