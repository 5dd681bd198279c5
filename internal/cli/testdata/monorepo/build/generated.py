def not_checked():
    return 0
