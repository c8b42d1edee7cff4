from summarizer.cli import main

main()
