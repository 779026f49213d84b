from cardsuite.cli import main

main()
