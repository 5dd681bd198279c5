const a = 1;
